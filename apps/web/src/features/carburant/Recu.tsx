import { UploadOutlined } from '@ant-design/icons';
import { type PleinOut, photoChauffeurEndpoint, recuCarburantEndpoint } from '@yams/shared';
import { Button, Image, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { call, fetchFile } from '../../base/http';
import { toast } from '../../base/toast';
import type { SectionContext } from '../../components/list/types';

/** The receipt's photo of a fill (fetched with the session's token), and the button that joins or replaces it. */
export function Recu({ plein, ctx }: { plein: PleinOut; ctx: SectionContext }) {
  const [url, setUrl] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    if (!plein.photo_id) return setUrl(null);
    const controller = new AbortController();
    let made: string | null = null;
    void fetchFile(photoChauffeurEndpoint, { params: { id: plein.photo_id } }, controller.signal).then(
      (blob) => {
        if (!blob) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      },
    );
    return () => {
      controller.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [plein.photo_id]);

  const send = async (file: File) => {
    setSending(true);
    try {
      const res = await call(recuCarburantEndpoint, { params: { id: plein.id }, body: { photo: file } });
      toast.success(typeof res.message === 'string' ? res.message : 'Le reçu a été joint au plein.');
      await ctx.refresh();
    } catch {
      // The error's toast is the call's.
    } finally {
      setSending(false);
    }
  };

  return (
    <Space direction="vertical" size={8}>
      {url ? (
        <Image src={url} alt="Reçu du plein" width={160} style={{ objectFit: 'contain' }} />
      ) : (
        <Typography.Text type="secondary">Aucun reçu joint.</Typography.Text>
      )}
      <Upload
        accept="image/jpeg,image/png,image/webp"
        showUploadList={false}
        beforeUpload={(file) => {
          void send(file);
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />} loading={sending}>
          {plein.photo_id ? 'Remplacer le reçu' : 'Joindre le reçu'}
        </Button>
      </Upload>
    </Space>
  );
}
