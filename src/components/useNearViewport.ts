import { useEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` of the viewport, and from then on. Lets a heavy
 * part (a chart) fetch its code only when the visitor is about to see it, so the cards around
 * it paint first (docs/architecture.md, "The dashboard's first paint").
 */
export function useNearViewport<T extends Element>(margin = '200px') {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setNear(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near] as const;
}
