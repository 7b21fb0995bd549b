import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Tab past the last control comes back to the first (and Shift+Tab the other way): the page
 * behind is inert, but the browser would otherwise move focus out to its own toolbar. */
function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>): void {
  if (event.key !== 'Tab') return;
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

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
 * A modal on the native <dialog>: showModal() makes the rest of the page inert, Tab cycles
 * through the dialog's own controls, Escape fires `cancel`, and focus returns to the opener when it closes.
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
      onKeyDown={keepFocusInside}
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
