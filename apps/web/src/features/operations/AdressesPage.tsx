import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADRESSE_MSG, type AdresseBody, type AdresseOut, MSG } from '@yams/shared';
import { Alert, Button, Card, Col, Form, Input, List, Popconfirm, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../base/http';
import { useSession } from '../../base/session';
import { toast } from '../../base/toast';
import { SourceSelect } from '../../components/form/SourceSelect';
import { useSingleSubmit } from '../../components/form/useSingleSubmit';
import { PageTitle } from '../../components/PageTitle';
import { AdressesMap, type LatLng } from './AdressesMap';
import { adresseKeys, adresses } from './api';
import { villeSource } from './operationsFields';

export { adresseKeys };

interface FormState {
  libelle?: string;
  ville?: number;
}

/**
 * Adresses: the user's own places in a list beside the map. A click on the map places the marker; a city
 * and a label, then 'Enregistrer'. Every message of the specification; server errors naming a field highlight it.
 */
export default function AdressesPage() {
  const user = useSession()?.user;
  const queryClient = useQueryClient();
  const [form] = Form.useForm<FormState>();
  const [position, setPosition] = useState<LatLng | null>(null);
  const [focus, setFocus] = useState<LatLng | null>(null);
  const [editing, setEditing] = useState<AdresseOut | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [positionError, setPositionError] = useState(false);

  const list = useQuery({
    queryKey: adresseKeys.all,
    queryFn: ({ signal }) => adresses.fetchAll({}, { signal }),
  });
  const reset = () => {
    form.resetFields();
    setPosition(null);
    setEditing(null);
    setProblems([]);
    setPositionError(false);
  };

  const save = useMutation({
    mutationFn: async (body: AdresseBody) =>
      editing
        ? adresses.update(editing.id, body, { errors: 'none' })
        : adresses.create(body, { errors: 'none' }),
    onSuccess: (res) => {
      toast.success(typeof res.message === 'string' ? res.message : ADRESSE_MSG.ajoutee);
      void queryClient.invalidateQueries({ queryKey: adresseKeys.all });
      reset();
    },
    onError: (err) => {
      if (err instanceof ApiError && Object.keys(err.fields).length) {
        // A server error naming a field highlights that field.
        const named = Object.entries(err.fields);
        form.setFields(
          named
            .filter(([f]) => f === 'libelle' || f === 'ville')
            .map(([name, msg]) => ({ name: name as 'libelle' | 'ville', errors: [msg] })),
        );
        setPositionError(named.some(([f]) => f === 'lat' || f === 'lng'));
        setProblems(err.errors);
        return;
      }
      toast.oups([ADRESSE_MSG.erreur], 'error');
    },
  });

  // One save at a time: a double-click on « Enregistrer » saves one address (useSingleSubmit).
  const { submit, saving } = useSingleSubmit(async () => {
    const values = form.getFieldsValue();
    const errors: string[] = [];
    const inline: { name: 'libelle' | 'ville'; errors: string[] }[] = [];
    if (!values.libelle?.trim()) {
      errors.push(ADRESSE_MSG.libelleObligatoire);
      inline.push({ name: 'libelle', errors: [ADRESSE_MSG.libelleVide] });
    }
    if (!values.ville) {
      errors.push(ADRESSE_MSG.villeObligatoire);
      inline.push({ name: 'ville', errors: [ADRESSE_MSG.villeChoisir] });
    }
    if (!position) errors.push(ADRESSE_MSG.position);
    if (!user) errors.push(ADRESSE_MSG.utilisateur);
    form.setFields([{ name: 'libelle', errors: [] }, { name: 'ville', errors: [] }, ...inline]);
    setPositionError(!position);
    setProblems(errors);
    if (errors.length) {
      toast.oups([`${ADRESSE_MSG.avertissement} : ${errors.join(', ')}`], 'warning');
      return;
    }
    await save
      .mutateAsync({
        libelle: values.libelle!,
        ville: values.ville!,
        lat: position!.lat,
        lng: position!.lng,
        utilisateur: user!.id,
      })
      .catch(() => undefined); // Shown by onError.
  });

  const edit = (a: AdresseOut) => {
    setEditing(a);
    form.setFieldsValue({ libelle: a.libelle, ville: a.ville_id });
    const p = { lat: a.latitude, lng: a.longitude };
    setPosition(p);
    setFocus(p);
    setProblems([]);
  };

  const destroy = async (a: AdresseOut) => {
    try {
      await adresses.destroy(a.id, { successToast: true });
      if (editing?.id === a.id) reset();
      void queryClient.invalidateQueries({ queryKey: adresseKeys.all });
    } catch {
      // Already shown by the HTTP client.
    }
  };

  const rows = list.data ?? [];
  return (
    <section>
      <PageTitle title="Adresses" count={list.data ? rows.length : undefined} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card size="small" title={editing ? `Modifier « ${editing.libelle} »` : 'Nouvelle adresse'}>
            {problems.length > 0 && (
              <Alert
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={ADRESSE_MSG.avertissement}
                description={
                  <ul style={{ margin: 0, paddingLeft: 18 }}>
                    {problems.map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </ul>
                }
              />
            )}
            <Form form={form} layout="vertical" requiredMark={false} onFinish={() => void submit()}>
              <Form.Item name="ville" label="Ville">
                <SourceSelect source={villeSource} placeholder="Choisir une ville" />
              </Form.Item>
              <Form.Item name="libelle" label="Libellé">
                <Input placeholder="Dépôt, entrepôt, client…" maxLength={160} />
              </Form.Item>
              <Typography.Paragraph type={positionError ? 'danger' : 'secondary'} style={{ marginTop: -8 }}>
                {position
                  ? `Position : ${position.lat.toFixed(5)}, ${position.lng.toFixed(5)}`
                  : positionError
                    ? ADRESSE_MSG.position
                    : 'Cliquez sur la carte pour placer l’adresse.'}
              </Typography.Paragraph>
              <Space wrap>
                <Button type="primary" htmlType="submit" loading={saving}>
                  Enregistrer
                </Button>
                <Button onClick={reset}>Réinitialiser</Button>
              </Space>
            </Form>
          </Card>
          <Card size="small" title="Mes adresses" style={{ marginTop: 16 }}>
            <section aria-label="Mes adresses">
              <List
                loading={list.isPending}
                locale={{ emptyText: 'Aucune adresse' }}
                dataSource={rows}
                renderItem={(a) => (
                  <List.Item
                    style={{ cursor: 'pointer' }}
                    onClick={() => setFocus({ lat: a.latitude, lng: a.longitude })}
                    actions={[
                      <Button
                        key="edit"
                        size="small"
                        type="text"
                        aria-label={`Modifier ${a.libelle}`}
                        icon={<EditOutlined aria-hidden />}
                        onClick={(e) => {
                          e.stopPropagation();
                          edit(a);
                        }}
                      />,
                      <Popconfirm
                        key="delete"
                        title={MSG.confirmDelete}
                        okText="Oui"
                        cancelText="Non"
                        onConfirm={() => void destroy(a)}
                      >
                        <Button
                          size="small"
                          type="text"
                          danger
                          aria-label={`Supprimer ${a.libelle}`}
                          icon={<DeleteOutlined aria-hidden />}
                          onClick={(e) => e.stopPropagation()}
                        />
                      </Popconfirm>,
                    ]}
                  >
                    <List.Item.Meta title={a.libelle} description={a.ville} />
                  </List.Item>
                )}
              />
            </section>
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <AdressesMap
            adresses={rows}
            position={position}
            focus={focus}
            onPlace={(p) => {
              setPosition(p);
              setPositionError(false);
            }}
            onSelect={(a) => setFocus({ lat: a.latitude, lng: a.longitude })}
          />
        </Col>
      </Row>
    </section>
  );
}
