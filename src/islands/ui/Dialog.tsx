import { useEffect, useId, useRef, type ReactNode } from 'react';

interface Props {
  isOpen: boolean;
  title: string;
  /** Called on Escape, the close button and a click on the backdrop. */
  onClose: () => void;
  closeLabel: string;
  children: ReactNode;
  className?: string;
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert (focus stays
 * inside), Escape fires `cancel`, and focus returns to the opener when it closes.
 */
export function Dialog({ isOpen, title, onClose, closeLabel, children, className }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (isOpen && !dialog.open) dialog.showModal();
    if (!isOpen && dialog.open) dialog.close();
  }, [isOpen]);

  return (
    <dialog
      ref={ref}
      className={`dialog ${className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(event) => { event.preventDefault(); onClose(); }}
      onClick={(event) => { if (event.target === ref.current) onClose(); }}
    >
      <div className="dialog-body">
        <header className="dialog-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="dialog-close" aria-label={closeLabel} onClick={onClose}>×</button>
        </header>
        {isOpen && children}
      </div>
    </dialog>
  );
}
