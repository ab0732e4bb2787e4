import { useEffect } from 'react';

export const APP_NAME = 'Panda';

/** "Students · Panda"; the app name alone without a page title. */
export const documentTitle = (page?: string | null) => (page ? `${page} · ${APP_NAME}` : APP_NAME);

/** Gives the page its own document title while it is shown (WCAG 2.4.2). */
export function useDocumentTitle(page?: string | null): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
