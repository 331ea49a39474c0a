import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatTaux,
  libelleValeur,
  lieuTexte,
  nomComplet,
} from './index';

describe('formatMoney', () => {
  it('groups thousands German-style and suffixes FCFA', () => {
    expect(formatMoney(1234567)).toBe('1.234.567 FCFA');
    expect(formatMoney(0)).toBe('0 FCFA');
    expect(formatMoney('25000')).toBe('25.000 FCFA');
    expect(formatMoney(-1500)).toBe('-1.500 FCFA');
    expect(formatMoney(null)).toBe('0 FCFA');
  });
});

describe('formatNumber', () => {
  it('is the one number format: 1.500, decimals after a comma, never a space', () => {
    expect(formatNumber(1500)).toBe('1.500');
    expect(formatNumber(1234567)).toBe('1.234.567');
    expect(formatNumber(12.345, 1)).toBe('12,3');
    expect(formatNumber('2500')).toBe('2.500');
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('formatDate', () => {
  it('shows French dates and Date invalide for garbage', () => {
    expect(formatDate('2026-11-22')).toBe('22/11/2026');
    expect(formatDate('pas une date')).toBe('Date invalide');
    expect(formatDate(null)).toBe('');
  });

  it('reads instants in Libreville time and keeps calendar dates as written, whatever the zone', () => {
    // 10:15 UTC is 11:15 in Libreville; 23:30 UTC on the 9th is already the 10th there.
    expect(formatDateTime('2026-12-10T10:15:00.000Z')).toBe('10/12/2026 11:15');
    expect(formatDateTime('2026-12-10T11:15:00+01:00')).toBe('10/12/2026 11:15');
    expect(formatDate('2026-12-09T23:30:00.000Z')).toBe('10/12/2026');
    expect(formatDate('2026-12-10')).toBe('10/12/2026');
    expect(formatDateTime('2026-12-10')).toBe('10/12/2026');
    expect(formatDate('2026-02-30')).toBe('Date invalide');
  });
});

describe('nomComplet', () => {
  it('joins nom and prénom, or falls back to the identifiant', () => {
    expect(nomComplet({ nom: 'Ndong', prenom: 'Brice' })).toBe('Ndong Brice');
    expect(nomComplet({ nom: 'TransGabon SARL', prenom: null })).toBe('TransGabon SARL');
    expect(nomComplet({ nom: ' ', prenom: '', name: 'jdoe' })).toBe('jdoe');
  });
});

describe('formatTaux', () => {
  it('writes rates the French way: decimal comma, no trailing zeros, no-break space before %', () => {
    expect(formatTaux(9.5)).toBe('9,5\u00a0%');
    expect(formatTaux('9.50')).toBe('9,5\u00a0%');
    expect(formatTaux(18)).toBe('18\u00a0%');
    expect(formatTaux('18.00')).toBe('18\u00a0%');
    expect(formatTaux(1)).toBe('1\u00a0%');
    expect(formatTaux(0.25)).toBe('0,25\u00a0%');
    expect(formatTaux(null)).toBe('—');
  });
});

describe('libelleValeur', () => {
  it('shows the values the specification wrote without accents in correct French, others as they are', () => {
    expect(libelleValeur('Problemes mécaniques')).toBe('Problèmes mécaniques');
    expect(libelleValeur('Operation Diverse')).toBe('Opération diverse');
    expect(libelleValeur('Terminé')).toBe('Terminé');
  });
});

describe('lieuTexte', () => {
  it('names the town once', () => {
    expect(lieuTexte('Tchibanga', 'Tchibanga')).toBe('Tchibanga');
    expect(lieuTexte('Zone industrielle de Ntoum', 'Ntoum')).toBe('Zone industrielle de Ntoum');
    expect(lieuTexte('Quartier Akébé, LIBREVILLE', 'Libreville')).toBe('Quartier Akébé, LIBREVILLE');
    expect(lieuTexte('Lambarene centre', 'Lambaréné')).toBe('Lambarene centre');
  });
  it('adds the town an address does not name, and keeps whichever part is there', () => {
    expect(lieuTexte("Port d'Owendo", 'Libreville')).toBe("Port d'Owendo, Libreville");
    expect(lieuTexte('Rue Ntoumbi', 'Ntoum')).toBe('Rue Ntoumbi, Ntoum');
    expect(lieuTexte(null, 'Oyem')).toBe('Oyem');
    expect(lieuTexte('  ', 'Oyem')).toBe('Oyem');
    expect(lieuTexte('Marché Mont-Bouët', null)).toBe('Marché Mont-Bouët');
  });
});
