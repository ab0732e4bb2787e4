/** The text of the elements that describe `element` (aria-describedby): a field's helper text. */
export function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();
}

/** The messages of the toasts on screen, oldest first. */
export function toastMessages(): string[] {
  return Array.from(document.querySelectorAll('[data-testid="toast"]'), (t) => t.textContent?.trim() ?? '');
}
