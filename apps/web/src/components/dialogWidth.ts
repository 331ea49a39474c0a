import { DIALOG_WIDTH } from '@yams/shared';
import { useIsMobile } from './useIsMobile';

export type DialogKind = keyof typeof DIALOG_WIDTH;

/**
 * The width of a dialog (the specification: 50vw for most), never narrower than a readable form
 * and never wider than the screen; full width on mobile.
 */
export function useDialogWidth(kind: DialogKind = 'default'): string {
  const isMobile = useIsMobile();
  if (isMobile) return 'calc(100vw - 16px)';
  return `min(calc(100vw - 32px), max(${DIALOG_WIDTH[kind]}, 520px))`;
}
