import { DeleteOutlined, EditOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { MSG } from '@yams/shared';
import { Button, Modal, Popconfirm, Skeleton, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { isVersionConflict } from '../../base/http';
import { escapeKeepsTyping } from '../dialogKeys';
import { useDialogWidth } from '../dialogWidth';
import { EntityForm } from '../form/EntityForm';
import { rowToValues } from '../form/formValues';
import { DetailView } from './DetailView';
import { type PostVars, useRefreshAfterWrite, useResourceOne, useResourcePost } from './resource';
import { rowUpdateBody } from './rowUpdate';
import { type ListDecl, type Row, type RowAction, rowAllows } from './types';
import { VersionConflict } from './VersionConflict';

/** `view`: the row `id`, with the row itself when known already (clicked in the list), else read. */
export type DialogState<T> = { kind: 'closed' } | { kind: 'create' } | { kind: 'view'; id: number; row?: T };

/** `edit` keeps the version of the row the form was filled from: the update sends it back (`If-Match`). */
type Mode =
  | { kind: 'details' }
  | { kind: 'edit'; version?: string }
  | { kind: 'action'; action: RowAction<Row> };

/** A row's version (`updated_at`), when the API sends one. */
const versionOf = (row: unknown): string | undefined => {
  const v = (row as { updated_at?: unknown } | undefined)?.updated_at;
  return typeof v === 'string' ? v : undefined;
};

interface Props<T extends Row> {
  decl: ListDecl<T>;
  state: DialogState<T>;
  onClose: () => void;
  /** The API's answer to a creation (the new row), once the dialog closed. */
  onCreated?: (answer: unknown) => void;
}

/**
 * The detail dialog of a list: details mode ↔ modification mode in the same modal, the row's actions
 * (with an optional small form), deletion, and the creation form. A successful save closes it; the
 * list refreshes (every mutation invalidates the resource).
 */
export function DetailDialog<T extends Row>({ decl, state, onClose, onCreated }: Props<T>) {
  const [mode, setMode] = useState<Mode>({ kind: 'details' });
  // The other person's change that refused a save (the API's French sentence), and the form's generation:
  // reloading the row fills the form anew.
  const [conflict, setConflict] = useState<string | null>(null);
  const [generation, setGeneration] = useState(0);
  const editing = state.kind === 'create' || mode.kind === 'edit';
  const width = useDialogWidth((editing && decl.form?.width) || decl.detail.width);
  const post = useResourcePost(decl.resource, decl.invalidates);
  const refreshAll = useRefreshAfterWrite(decl.resource as never, decl.invalidates);
  const initial = state.kind === 'view' ? state.row : undefined;
  const one = useResourceOne(decl.resource, state.kind === 'view' ? state.id : null, initial);
  const row = one.data ?? initial;
  const path = decl.resource.path;
  // Closed from outside (Back, another link): the next opening starts in details mode.
  const openKey = state.kind === 'view' ? `view-${state.id}` : state.kind;
  useEffect(() => {
    if (openKey === 'closed') {
      setMode({ kind: 'details' });
      setConflict(null);
    }
  }, [openKey]);

  const close = () => {
    setMode({ kind: 'details' });
    setConflict(null);
    onClose();
  };
  // A link to a row that does not exist or is not ours (the HTTP client said so): nothing to show.
  const missing = state.kind === 'view' && !row && one.isError;
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes once, when the read fails.
  useEffect(() => {
    if (missing) close();
  }, [missing]);
  const send = (to: string, body?: unknown, extra?: Omit<PostVars, 'path' | 'body'>) =>
    post.mutateAsync({ path: to, body, ...extra });

  // An edit is saved against the version it was filled from: if someone changed the row meanwhile, the API
  // refuses it (409) and a dialog says who and when, over the form that keeps what was typed.
  const version = mode.kind === 'edit' ? mode.version : undefined;
  const saveEdit = async (r: T, body: unknown) => {
    try {
      await send(`${path}/${r.id}/update`, body, { id: r.id, version });
      close();
    } catch (error) {
      if (version && isVersionConflict(error)) setConflict(error.errors[0] ?? null);
      throw error;
    }
  };
  /** The row as it is now; `reset`: its values replace the form's (else what was typed stays). */
  const reload = async (reset: boolean) => {
    const fresh = await one.refetch();
    setMode({ kind: 'edit', version: versionOf(fresh.data) });
    if (reset) setGeneration((g) => g + 1);
    setConflict(null);
  };

  // A locked ↔ editing dialog (detail.lock) for a row this user may change.
  const locking =
    Boolean(decl.detail.lock && decl.form) && state.kind === 'view' && Boolean(row) && canEdit(decl, row!);
  const locked = locking && mode.kind !== 'edit';
  // An action's small form may name itself ('Règlement de la facture FAC-…').
  const actionTitle =
    mode.kind === 'action' && row ? (mode.action.form?.title as ((r: T) => string) | undefined) : undefined;
  const title =
    state.kind === 'create'
      ? (decl.createTitle ?? decl.addLabel ?? 'Ajouter')
      : row
        ? (actionTitle?.(row) ?? decl.detail.title(row))
        : '';

  // The row's actions (Modifier, Supprimer, its lifecycle moves, Fermer).
  const detailFooter = (r: T) => (
    <DialogFooter
      decl={decl}
      row={r}
      busy={post.isPending}
      send={send}
      refresh={refreshAll}
      setMode={setMode}
      close={close}
    />
  );

  let content: React.ReactNode = null;
  let footer: React.ReactNode = null;
  if (state.kind === 'create' && decl.form) {
    content = (
      <EntityForm
        key="create"
        mode="create"
        ariaLabel={title}
        fields={decl.form.fields}
        labels={decl.labels}
        schema={decl.form.createSchema}
        initialValues={decl.form.defaults ?? {}}
        toBody={decl.form.toBody as never}
        onSubmit={async (body) => {
          const answer = await send(path, body);
          close();
          onCreated?.(answer);
        }}
        onCancel={close}
      />
    );
  } else if (state.kind === 'view' && !row) {
    content = <Skeleton active />;
  } else if (state.kind === 'view' && row && locking && decl.form) {
    // Locked ↔ editing: the same form, read-only until 'Déverrouiller'.
    const form = decl.form;
    content = (
      <EntityForm
        key={locked ? 'locked' : `unlocked-${generation}`}
        mode="edit"
        disabled={locked}
        ariaLabel={locked ? title : `Modifier ${title}`}
        fields={form.fields}
        labels={decl.labels}
        schema={form.updateSchema}
        initialValues={form.toValues ? form.toValues(row) : rowToValues(row as never, form.fields)}
        toBody={form.toBody as never}
        cancelLabel="Verrouiller"
        onSubmit={(body) => saveEdit(row, body)}
        onCancel={() => setMode({ kind: 'details' })}
      />
    );
    if (locked) footer = detailFooter(row);
  } else if (state.kind === 'view' && row && mode.kind === 'edit' && decl.form) {
    const form = decl.form;
    content = (
      <EntityForm
        key={`edit-${generation}`}
        mode="edit"
        ariaLabel={`Modifier ${title}`}
        fields={form.fields}
        labels={decl.labels}
        schema={form.updateSchema}
        initialValues={form.toValues ? form.toValues(row) : rowToValues(row as never, form.fields)}
        toBody={form.toBody as never}
        onSubmit={(body) => saveEdit(row, body)}
        onCancel={() => setMode({ kind: 'details' })}
      />
    );
  } else if (state.kind === 'view' && row && mode.kind === 'action' && mode.action.form) {
    const action = mode.action as unknown as RowAction<T>;
    const actionForm = action.form!;
    content = (
      <EntityForm
        key={`action-${action.key}`}
        mode="create"
        ariaLabel={action.label}
        fields={actionForm.fields}
        labels={decl.labels}
        schema={actionForm.schema}
        initialValues={actionForm.initialValues?.(row) ?? {}}
        submitLabel={actionForm.submitLabel ?? action.label}
        onSubmit={async (body) => {
          await send(action.path!(row), actionForm.toBody ? actionForm.toBody(body, row) : body, {
            id: row.id,
            errorDuration: action.errorDuration,
            errorType: action.errorType,
          });
          if (action.closeAfter) close();
          else setMode({ kind: 'details' });
        }}
        onCancel={() => setMode({ kind: 'details' })}
      />
    );
  } else if (state.kind === 'view' && row) {
    const form = decl.form;
    const updateBody = (patch: Record<string, unknown>) => (form ? rowUpdateBody(form, row, patch) : patch);
    content = (
      <DetailView
        decl={decl}
        row={row}
        ctx={{
          refresh: refreshAll,
          updateBody,
          update: (patch) => send(`${path}/${row.id}/update`, updateBody(patch), { id: row.id }),
        }}
      />
    );
    footer = detailFooter(row);
  }

  return (
    <Modal
      open={state.kind !== 'closed'}
      title={
        <span>
          {title}
          {locked ? (
            <Tag icon={<LockOutlined aria-hidden />} style={{ marginInlineStart: 8 }}>
              Verrouillé
            </Tag>
          ) : (
            mode.kind === 'edit' && (
              <Tag color="blue" style={{ marginInlineStart: 8 }}>
                Modification
              </Tag>
            )
          )}
        </span>
      }
      onCancel={close}
      afterClose={() => setMode({ kind: 'details' })}
      footer={footer}
      width={width}
      destroyOnHidden
      modalRender={escapeKeepsTyping}
    >
      {content}
      <VersionConflict message={conflict} onReload={() => reload(true)} onKeep={() => reload(false)} />
    </Modal>
  );
}

/** The row may be changed: a form, the API's `can.update`, and the declaration's own rule. */
function canEdit<T extends Row>(decl: ListDecl<T>, row: T): boolean {
  return Boolean(decl.form && rowAllows(row, 'update') && (!decl.form.editable || decl.form.editable(row)));
}

function DialogFooter<T extends Row>({
  decl,
  row,
  busy,
  send,
  refresh,
  setMode,
  close,
}: {
  decl: ListDecl<T>;
  row: T;
  busy: boolean;
  send: (to: string, body?: unknown, extra?: Omit<PostVars, 'path' | 'body'>) => Promise<unknown>;
  refresh: () => Promise<void>;
  setMode: (mode: Mode) => void;
  close: () => void;
}) {
  const [running, setRunning] = useState<string | null>(null);
  const run = async (action: RowAction<T>) => {
    if (action.form) return setMode({ kind: 'action', action: action as unknown as RowAction<Row> });
    setRunning(action.key);
    try {
      if (action.run) {
        await action.run(row);
        await refresh();
      } else {
        await send(action.path!(row), action.body?.(row), {
          id: row.id,
          errorDuration: action.errorDuration,
          errorType: action.errorType,
        });
      }
      if (action.closeAfter) close();
    } catch {
      // The HTTP client showed the error.
    } finally {
      setRunning(null);
    }
  };
  // The API's row permissions (`can`) decide first; a declaration may only narrow them.
  const actions = (decl.detail.actions ?? []).filter(
    (a) => rowAllows(row, a.key) && (!a.visible || a.visible(row)),
  );
  const deletable =
    rowAllows(row, 'destroy') &&
    (typeof decl.detail.deletable === 'function'
      ? decl.detail.deletable(row)
      : Boolean(decl.detail.deletable));
  const editable = canEdit(decl, row);

  const button = (action: RowAction<T>) => {
    const node = (
      <Button
        key={action.key}
        danger={action.danger}
        type={action.primary ? 'primary' : 'default'}
        icon={action.icon}
        loading={running === action.key}
        disabled={busy && running !== action.key}
        onClick={action.confirm ? undefined : () => void run(action)}
      >
        {action.label}
      </Button>
    );
    return action.confirm ? (
      <Popconfirm
        key={action.key}
        title={typeof action.confirm === 'function' ? action.confirm(row) : action.confirm}
        okText="Oui"
        cancelText="Non"
        onConfirm={() => run(action)}
      >
        {node}
      </Popconfirm>
    ) : (
      node
    );
  };

  return (
    <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap', justifyContent: 'flex-end' }}>
      {deletable && (
        <Popconfirm
          title={MSG.confirmDelete}
          okText="Oui"
          cancelText="Non"
          onConfirm={async () => {
            const to = decl.paths?.destroy?.(row) ?? `${decl.resource.path}/${row.id}/destroy`;
            await send(to, undefined, decl.detail.deleteToast).then(close, () => undefined);
          }}
        >
          <Button
            danger
            icon={<DeleteOutlined aria-hidden />}
            disabled={busy}
            style={{ marginInlineEnd: 'auto' }}
          >
            Supprimer
          </Button>
        </Popconfirm>
      )}
      {actions.map(button)}
      {editable && (
        <Button
          type="primary"
          icon={decl.detail.lock ? <UnlockOutlined aria-hidden /> : <EditOutlined aria-hidden />}
          onClick={() => setMode({ kind: 'edit', version: versionOf(row) })}
        >
          {decl.detail.lock ? 'Déverrouiller' : 'Modifier'}
        </Button>
      )}
      <Button onClick={close}>Fermer</Button>
    </div>
  );
}
