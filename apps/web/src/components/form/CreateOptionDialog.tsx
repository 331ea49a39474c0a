import { useQueryClient } from '@tanstack/react-query';
import { createEndpoint } from '@yams/shared';
import { Modal } from 'antd';
import { call } from '../../base/http';
import { escapeKeepsTyping } from '../dialogKeys';
import { EntityForm } from './EntityForm';
import type { CreateOption } from './fields';

/**
 * The dialog of a select's create option: the declared fields in an `EntityForm`; once the API has
 * created the row (`POST` of the entity's contract), `onCreated(id)` chooses it in the select and the
 * options of that source (`path`) are refetched.
 */
export default function CreateOptionDialog({
  create,
  path,
  open,
  onClose,
  onCreated,
}: {
  create: CreateOption;
  path: string;
  open: boolean;
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const queryClient = useQueryClient();
  return (
    <Modal
      open={open}
      title={create.title}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={720}
      modalRender={escapeKeepsTyping}
    >
      <EntityForm
        fields={create.fields}
        labels={create.labels}
        mode="create"
        schema={create.contract.create}
        initialValues={create.defaults ?? {}}
        ariaLabel={create.title}
        onCancel={onClose}
        onSubmit={async (body) => {
          const { data } = await call(
            createEndpoint(create.contract),
            { body: { ...create.defaults, ...body } },
            { successToast: true },
          );
          await queryClient.invalidateQueries({ queryKey: ['options', path] });
          onCreated(data.id);
          onClose();
        }}
      />
    </Modal>
  );
}
