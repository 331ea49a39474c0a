/** The standard envelope of every API answer. */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string | null | Array<{ severity: string; value: string }>;
  data: T;
  errors: string[];
}

/** Laravel's length-aware paginator shape. */
export interface Paginated<T> {
  current_page: number;
  data: T[];
  per_page: number;
  total: number;
  /** Past 10,000 rows `total` is the database's estimate (shown 'plus de 10 000'). */
  total_estime?: boolean;
  last_page: number;
  from: number | null;
  to: number | null;
}
