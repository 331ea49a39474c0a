import type { KeyboardEvent, ReactNode } from 'react';

/** A text field holding what the user typed (an input, a text area, a rich-text editor). */
function holdsTyping(el: EventTarget | null): boolean {
  if (el instanceof HTMLTextAreaElement) return el.value !== '';
  if (el instanceof HTMLInputElement) {
    return !['checkbox', 'radio', 'file', 'button', 'submit', 'reset'].includes(el.type) && el.value !== '';
  }
  return el instanceof HTMLElement && el.isContentEditable && (el.textContent ?? '') !== '';
}

/**
 * Escape in a dialog's form: an open list of suggestions or options closes (antd's select stops the key
 * there), and the dialog closes only from outside a field holding typed text, so nothing typed is lost
 * (a vehicle's document libellé, half entered, closed the whole vehicle dialog). A second Escape once the
 * field is left, 'Annuler' or the cross still close it. Spread on a dialog: `<Modal modalRender={escapeKeepsTyping}>`.
 */
export function escapeKeepsTyping(node: ReactNode): ReactNode {
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a key guard around the dialog, not a control
    <div
      onKeyDown={(event: KeyboardEvent) => {
        // The dialog closes from the window's Escape listener: stopped here, it stays open.
        if (event.key === 'Escape' && holdsTyping(event.target)) event.stopPropagation();
      }}
    >
      {node}
    </div>
  );
}
