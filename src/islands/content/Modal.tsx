import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  isOpen: boolean;
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  className?: string;
}

/**
 * A modal on the native <dialog>: showModal() keeps focus inside and makes the page inert,
 * Escape closes it, and focus returns to what opened it.
 */
export function Modal({ isOpen, title, closeLabel, onClose, children, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);
  return (
    <dialog ref={ref} className={`ep-modal ${className ?? ''}`} aria-labelledby={titleId}
      onCancel={(event) => { event.preventDefault(); onClose(); }}
      onClick={(event) => { if (event.target === ref.current) onClose(); }}>
      <div className="ep-modal-body">
        <header className="ep-modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="ep-modal-close" aria-label={closeLabel} onClick={onClose}>×</button>
        </header>
        {isOpen && children}
      </div>
    </dialog>
  );
}
