import { useLayoutEffect, useRef, useState } from 'react';
import { fitFontSize, MIN_FONT } from './fit-text';

/**
 * A text filling its box (docs/product.md §9: font auto-sized between 20 and 900 px in 10 px steps): the
 * largest step at which it neither overflows the width nor the height. Refits on resize.
 */
export function FreeTextView({ text, label, className = '' }: { text: string; label: string; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLParagraphElement>(null);
  const [size, setSize] = useState(MIN_FONT);

  useLayoutEffect(() => {
    const element = box.current;
    const content = inner.current;
    if (!element || !content) return undefined;
    const fit = () => {
      const fits = (candidate: number) => {
        content.style.fontSize = `${candidate}px`;
        return content.scrollWidth <= element.clientWidth && content.scrollHeight <= element.clientHeight;
      };
      const best = fitFontSize(fits);
      content.style.fontSize = `${best}px`;
      setSize(best);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);

  return (
    <div ref={box} className={`free-text-view ${className}`} role="region" aria-label={label} data-font-size={size}>
      <p ref={inner} style={{ fontSize: `${size}px` }}>{text}</p>
    </div>
  );
}
