import { describe, expect, it } from 'vitest';
import { DOCUMENT_FICHIER_REGLE, fichierErreur } from './files';

const MB = 1024 * 1024;

describe('fichierErreur (checked in the browser before an upload)', () => {
  it('refuses a 6 MB file with the API’s message', () => {
    expect(
      fichierErreur(DOCUMENT_FICHIER_REGLE, { size: 6 * MB, type: 'application/pdf', name: 'scan.pdf' }),
    ).toBe('Le fichier ne doit pas dépasser 5 Mo.');
  });
  it('refuses a type the API refuses, and an empty file', () => {
    expect(fichierErreur(DOCUMENT_FICHIER_REGLE, { size: 10, type: 'application/zip', name: 'a.zip' })).toBe(
      'Le fichier doit être un PDF ou une image (JPEG, PNG ou WEBP).',
    );
    expect(fichierErreur(DOCUMENT_FICHIER_REGLE, { size: 0, type: 'image/png' })).toBe(
      'Le fichier est vide.',
    );
  });
  it('accepts a 5 MB PDF, and reads the extension when the browser gives no type', () => {
    expect(fichierErreur(DOCUMENT_FICHIER_REGLE, { size: 5 * MB, type: 'application/pdf' })).toBeNull();
    expect(fichierErreur(DOCUMENT_FICHIER_REGLE, { size: 10, type: '', name: 'carte.JPEG' })).toBeNull();
    expect(fichierErreur(DOCUMENT_FICHIER_REGLE, { size: 10, type: '', name: 'carte.exe' })).not.toBeNull();
  });
});
