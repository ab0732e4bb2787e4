import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the element has come within a screen's height of the viewport (and stays true once it
 * has), so that what is far down a page loads when it is scrolled near rather than with the page's
 * first screen (docs/rules.md#light-first-screens). Where the browser has no IntersectionObserver it
 * is true at once.
 */
export function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '100% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref]);
  return near;
}
