import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { FormFieldDecl } from './fields';
import { fieldOfParam, isShown, rowToValues, valuesToBody } from './formValues';

const FIELDS: FormFieldDecl[] = [
  { name: 'nom', type: 'text' },
  { name: 'montant', type: 'money' },
  { name: 'date_operation', type: 'date' },
  { name: 'periode', type: 'dateRange' },
  { name: 'sous_type', type: 'select', visible: (v) => v.type === 'transporteur' },
  { name: 'type', type: 'select', only: 'create' },
];

describe('form values', () => {
  it('turns a row into form values (dates as dayjs, null as empty)', () => {
    const values = rowToValues(
      { nom: null, montant: 1500, date_operation: '2026-11-22', date_debut: '2026-11-01', date_fin: null },
      FIELDS,
    );
    expect(values.nom).toBeUndefined();
    expect(values.montant).toBe(1500);
    expect(dayjs.isDayjs(values.date_operation)).toBe(true);
    expect((values.periode as unknown[])[1]).toBeNull();
  });

  it("reads a nested reference as its select's *_id (`ref`), and sends the *_id back", () => {
    const fields: FormFieldDecl[] = [
      { name: 'client_id', type: 'select', ref: true },
      { name: 'ville_depart_id', type: 'select', ref: 'ville_depart' },
      { name: 'trajet_id', type: 'select', ref: true },
    ];
    const row = {
      client: { id: 7, nom_complet: 'A' },
      ville_depart: { id: 3, libelle: 'LBV' },
      trajet: null,
    };
    const values = rowToValues(row, fields);
    expect(values).toEqual({ client_id: 7, ville_depart_id: 3, trajet_id: undefined });
    expect(valuesToBody(values, fields)).toEqual({ client_id: 7, ville_depart_id: 3, trajet_id: null });
  });

  it('turns form values into a body: dates as YYYY-MM-DD, a range as two fields, blanks as null', () => {
    const body = valuesToBody(
      {
        nom: '  ',
        montant: 2500,
        date_operation: dayjs('2026-11-22'),
        periode: [dayjs('2026-11-01'), dayjs('2026-11-30')],
        type: 'client',
        extra: 7,
      },
      FIELDS,
      (f) => isShown(f, { type: 'client' }, 'create'),
    );
    expect(body).toEqual({
      nom: null,
      montant: 2500,
      date_operation: '2026-11-22',
      date_debut: '2026-11-01',
      date_fin: '2026-11-30',
      type: 'client',
      extra: 7,
    });
  });

  it('shows a field by mode and by the other values', () => {
    expect(isShown(FIELDS[4]!, { type: 'transporteur' }, 'create')).toBe(true);
    expect(isShown(FIELDS[4]!, { type: 'client' }, 'create')).toBe(false);
    expect(isShown(FIELDS[5]!, {}, 'edit')).toBe(false);
  });

  it('maps a server error on a range end to the range field', () => {
    expect(fieldOfParam('date_fin', FIELDS)).toBe('periode');
    expect(fieldOfParam('email', FIELDS)).toBe('email');
  });

  it.each(['UTC', 'America/New_York', 'Asia/Tokyo', 'Africa/Libreville'])(
    'edits date-times in Libreville time and keeps days as days with the PC on %s',
    (zone) => {
      const before = process.env.TZ;
      process.env.TZ = zone;
      try {
        const fields: FormFieldDecl[] = [
          { name: 'date_chargement', type: 'datetime' },
          { name: 'date_operation', type: 'date' },
        ];
        const values = rowToValues(
          { date_chargement: '2026-12-10T10:15:00.000Z', date_operation: '2026-12-10' },
          fields,
        );
        // The picker shows the Libreville wall-clock: 10/12/2026 11:15, and the day 10/12/2026.
        expect((values.date_chargement as dayjs.Dayjs).format('DD/MM/YYYY HH:mm')).toBe('10/12/2026 11:15');
        expect((values.date_operation as dayjs.Dayjs).format('DD/MM/YYYY')).toBe('10/12/2026');
        // What the user picks is Libreville time, sent as an instant; the day stays a day.
        const picked = (values.date_chargement as dayjs.Dayjs).hour(7).minute(30);
        expect(valuesToBody({ ...values, date_chargement: picked }, fields)).toEqual({
          date_chargement: '2026-12-10T06:30:00.000Z',
          date_operation: '2026-12-10',
        });
        // An instant used as a day: its day in Libreville (23:30 UTC on the 9th is the 10th there).
        const asDay = rowToValues({ date_operation: '2026-12-09T23:30:00.000Z' }, [fields[1]!]);
        expect((asDay.date_operation as dayjs.Dayjs).format('YYYY-MM-DD')).toBe('2026-12-10');
      } finally {
        process.env.TZ = before;
      }
    },
  );

  it('reads a point from its two row fields and sends both back (a half-typed one as it is)', () => {
    const fields: FormFieldDecl[] = [
      { name: 'chargement', type: 'point', params: ['chargement_lat', 'chargement_lng'] },
    ];
    expect(rowToValues({ chargement_lat: 0.39, chargement_lng: 9.45 }, fields)).toEqual({
      chargement: { lat: 0.39, lng: 9.45 },
    });
    expect(rowToValues({ chargement_lat: null, chargement_lng: null }, fields)).toEqual({
      chargement: undefined,
    });
    expect(valuesToBody({ chargement: { lat: 0.39, lng: 9.45 } }, fields)).toEqual({
      chargement_lat: 0.39,
      chargement_lng: 9.45,
    });
    expect(valuesToBody({ chargement: undefined }, fields)).toEqual({
      chargement_lat: null,
      chargement_lng: null,
    });
    expect(valuesToBody({ chargement: { lat: 0.39, lng: null } }, fields)).toEqual({
      chargement_lat: 0.39,
      chargement_lng: null,
    });
    expect(fieldOfParam('chargement_lng', fields)).toBe('chargement');
  });
});
