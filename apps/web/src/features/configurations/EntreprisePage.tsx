import { UploadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatNumber,
  logoEndpoint,
  logoUploadEndpoint,
  type ParametresEntreprise,
  ParametresEntrepriseBody,
  parametresEndpoint,
  updateParametresEndpoint,
} from '@yams/shared';
import {
  Alert,
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { endpointKey, endpointQuery } from '../../base/endpointQuery';
import { ApiError, call, fetchFile } from '../../base/http';
import { useSession } from '../../base/session';
import { DELAI_OPTIONS } from '../../components/form/delaiPaiement';
import { MoneyInput } from '../../components/form/MoneyInput';
import { utilisateurs } from '../users/api';

type Values = Omit<ParametresEntreprise, 'entreprise_id' | 'logo' | 'updated_at'>;
const FIELDS: Array<{ name: keyof Values; label: string; span?: number }> = [
  { name: 'raison_sociale', label: 'Raison sociale', span: 24 },
  { name: 'adresse', label: 'Adresse', span: 24 },
  { name: 'telephone', label: 'Téléphone' },
  { name: 'email', label: 'Email' },
  { name: 'nif', label: 'NIF' },
  { name: 'rccm', label: 'RCCM' },
  { name: 'prefixe_facture', label: 'Préfixe des factures', span: 24 },
];
const NUMBERS: Array<{ name: keyof Values; label: string; suffix: string; min: number }> = [
  { name: 'delai_en_ligne_min', label: 'Délai en ligne des appareils GPS', suffix: 'min', min: 1 },
  { name: 'rayon_arrivee_m', label: "Rayon d'arrivée", suffix: 'm', min: 10 },
  { name: 'arret_min_minutes', label: "Durée minimale d'un arrêt", suffix: 'min', min: 1 },
  { name: 'trajet_distance_min_m', label: "Distance minimale d'un trajet", suffix: 'm', min: 0 },
  { name: 'vitesse_mouvement_kmh', label: 'Vitesse de mouvement', suffix: 'km/h', min: 1 },
  // A fill whose consumption passes the vehicle's reference by more than this is an anomaly.
  { name: 'marge_anomalie_carburant', label: 'Marge carburant admise', suffix: '%', min: 0 },
  { name: 'vitesse_max_kmh', label: 'Alerte : vitesse maximale', suffix: 'km/h', min: 10 },
  { name: 'arret_alerte_minutes', label: 'Alerte : arrêt prolongé hors zone', suffix: 'min', min: 1 },
  { name: 'ralenti_alerte_minutes', label: 'Alerte : moteur au ralenti', suffix: 'min', min: 1 },
  { name: 'silence_alerte_heures', label: 'Alerte : appareil silencieux', suffix: 'h', min: 1 },
];

/** The logo as an object URL (the route needs the bearer token, so no plain <img src>). */
function useLogo(entreprise: string, logo: string | null | undefined) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!logo) {
      setUrl(null);
      return;
    }
    let revoked = false;
    let objectUrl: string | null = null;
    fetchFile(logoEndpoint, { query: { entreprise } })
      .then((b) => {
        if (!b || revoked) return;
        objectUrl = URL.createObjectURL(b);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      revoked = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [entreprise, logo]);
  return url;
}

/** Configurations → Entreprise: identity printed on invoices, invoice prefix, monthly target, GPS thresholds. */
export default function EntreprisePage() {
  const session = useSession();
  const superadmin = session?.user.type === 'superadmin';
  const [entreprise, setEntreprise] = useState('');
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const query = entreprise ? { entreprise } : undefined;
  const enabled = !superadmin || Boolean(entreprise);

  const companies = useQuery({
    queryKey: ['options', utilisateurs.path, 'entreprises'],
    queryFn: async ({ signal }) => utilisateurs.fetchAll({ type: 'transporteur', limit: 1000 }, { signal }),
    enabled: superadmin,
  });
  const parametres = useQuery({ ...endpointQuery(parametresEndpoint, { query }), enabled });
  useEffect(() => {
    if (parametres.data) form.setFieldsValue(parametres.data);
  }, [parametres.data, form]);
  const logoUrl = useLogo(entreprise, parametres.data?.logo);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: endpointKey(parametresEndpoint) });
    void queryClient.invalidateQueries({ queryKey: ['statistiques'] });
  };
  const save = useMutation({
    mutationFn: (values: Values) =>
      call(updateParametresEndpoint, { query, body: values }, { successToast: true }),
    onSuccess: refresh,
    onError: (err) => {
      if (err instanceof ApiError && err.fields) {
        form.setFields(
          Object.entries(err.fields).map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })),
        );
      }
    },
  });
  const removeLogo = useMutation({
    mutationFn: () => call(updateParametresEndpoint, { query, body: { logo: null } }, { successToast: true }),
    onSuccess: refresh,
  });
  const [uploading, setUploading] = useState(false);
  const upload = async (file: File) => {
    setUploading(true);
    try {
      await call(logoUploadEndpoint, { query, body: { logo: file } }, { successToast: true });
      refresh();
    } catch {
      // The HTTP client showed the API's French error (or the connection's).
    } finally {
      setUploading(false);
    }
  };

  return (
    <Card>
      {superadmin && (
        <Space style={{ marginBottom: 16 }}>
          <Select
            aria-label="Entreprise"
            placeholder="Choisissez une entreprise"
            style={{ minWidth: 280 }}
            showSearch
            optionFilterProp="label"
            value={entreprise || undefined}
            onChange={(v) => setEntreprise(String(v))}
            options={(companies.data ?? [])
              .filter((c) => c.entreprise_id === null || c.entreprise_id === c.id)
              .map((c) => ({ value: String(c.id), label: c.nom_complet ?? c.name }))}
          />
        </Space>
      )}
      {!enabled ? (
        <Alert type="info" showIcon message="Choisissez l'entreprise dont vous voulez voir les paramètres." />
      ) : !parametres.data ? (
        <Skeleton active />
      ) : (
        <Row gutter={24}>
          <Col xs={24} lg={16}>
            <Form<Values>
              form={form}
              layout="vertical"
              aria-label="Paramètres de l'entreprise"
              onFinish={(values) => {
                const parsed = ParametresEntrepriseBody.safeParse(values);
                if (!parsed.success) {
                  form.setFields(
                    parsed.error.issues.map((i) => ({
                      name: i.path[0] as keyof Values,
                      errors: [i.message],
                    })),
                  );
                  return;
                }
                save.mutate(values);
              }}
            >
              <Row gutter={16}>
                {FIELDS.map((f) => (
                  <Col key={f.name} xs={24} md={f.span ?? 12}>
                    <Form.Item name={f.name} label={f.label} required={f.name === 'raison_sociale'}>
                      <Input />
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24} md={8}>
                  <Form.Item
                    name="delai_paiement"
                    label="Délai de paiement des factures"
                    extra="Sauf délai propre au client ou choisi sur la facture."
                  >
                    <Select options={DELAI_OPTIONS} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item name="objectif_mensuel" label="Objectif mensuel de chiffre d'affaires">
                    <MoneyInput />
                  </Form.Item>
                </Col>
                {NUMBERS.map((f) => (
                  <Col key={f.name} xs={24} md={8}>
                    <Form.Item name={f.name} label={f.label}>
                      <InputNumber<number>
                        min={f.min}
                        style={{ width: '100%' }}
                        suffix={f.suffix}
                        formatter={(v) => (v === undefined || `${v}` === '' ? '' : formatNumber(Number(v)))}
                        parser={(v) => Number((v ?? '').replace(/\D/g, '')) || 0}
                      />
                    </Form.Item>
                  </Col>
                ))}
                <Col xs={24}>
                  <Form.Item
                    name="remise_avant_taxes"
                    label="Remise déduite avant taxes"
                    valuePropName="checked"
                    extra="Désactivé (par défaut) : TVA, CSS et TPS sont calculées sur le total HT, puis la remise est déduite. Activé : la remise est déduite du total HT avant le calcul des taxes. S'applique aux factures enregistrées ensuite ; une facture validée garde ses montants."
                  >
                    <Switch />
                  </Form.Item>
                </Col>
              </Row>
              <Button type="primary" htmlType="submit" loading={save.isPending}>
                Enregistrer les paramètres
              </Button>
            </Form>
          </Col>
          <Col xs={24} lg={8}>
            <Card size="small" title="Logo">
              <div
                style={{ minHeight: 120, display: 'flex', alignItems: 'center', justifyContent: 'center' }}
              >
                {logoUrl ? (
                  <img
                    src={logoUrl}
                    alt="Logo de l'entreprise"
                    style={{ maxWidth: '100%', maxHeight: 160 }}
                  />
                ) : (
                  <span style={{ color: '#8c8c8c' }}>Aucun logo</span>
                )}
              </div>
              <Space wrap style={{ marginTop: 12 }}>
                <Upload
                  accept="image/png,image/jpeg,image/webp"
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void upload(file);
                    return false;
                  }}
                >
                  <Button icon={<UploadOutlined />} loading={uploading}>
                    {parametres.data.logo ? 'Changer le logo' : 'Envoyer un logo'}
                  </Button>
                </Upload>
                {parametres.data.logo && (
                  <Button danger loading={removeLogo.isPending} onClick={() => removeLogo.mutate()}>
                    Retirer
                  </Button>
                )}
              </Space>
              <div style={{ marginTop: 8, color: '#8c8c8c', fontSize: 12 }}>
                PNG, JPEG ou WEBP, 2 Mo au plus.
              </div>
            </Card>
          </Col>
        </Row>
      )}
    </Card>
  );
}
