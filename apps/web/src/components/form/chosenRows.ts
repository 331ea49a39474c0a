import { createContext } from 'react';

/**
 * Tells the form a select chose a row (read for its `fill`): `EntityForm` keeps them by field name for the
 * proposals of other fields (`FormFieldDecl.suggest`).
 */
export const ChosenRowContext = createContext<(name: string, row: Record<string, unknown>) => void>(
  () => undefined,
);
