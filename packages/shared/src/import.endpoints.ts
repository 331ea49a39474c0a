import { endpointContract } from './contract';
import { ImportBody, ImportReport } from './export';

/**
 * `POST {path}/import` of a list (the reference tables): its lines checked (`apercu`) or written all at once.
 * The API declares one per importable list, the web's 'Importer' calls the list's own.
 */
export const importEndpoint = <const P extends string>(path: P) =>
  endpointContract({
    method: 'POST',
    path: `${path}/import` as const,
    body: ImportBody,
    response: ImportReport,
  });
