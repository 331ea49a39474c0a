import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';

export interface SignatureHandle {
  /** The drawing as a PNG, or null when nothing was drawn. */
  blob(): Promise<Blob | null>;
}

/** A signature drawn with a finger on the screen. */
export const Signature = forwardRef<SignatureHandle>(function Signature(_, ref) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [vide, setVide] = useState(true);
  const drawing = useRef(false);

  useEffect(() => {
    const c = canvas.current!;
    const ratio = window.devicePixelRatio || 1;
    c.width = c.clientWidth * ratio;
    c.height = c.clientHeight * ratio;
    const ctx = c.getContext('2d')!;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.strokeStyle = '#0b1f33';
  }, []);

  useImperativeHandle(ref, () => ({
    blob: () => (vide ? Promise.resolve(null) : new Promise((r) => canvas.current!.toBlob(r, 'image/png'))),
  }));

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return [e.clientX - r.left, e.clientY - r.top] as const;
  };
  const ctx = () => canvas.current!.getContext('2d')!;

  return (
    <div className="ch-signature">
      <span>Signature du réceptionnaire</span>
      <canvas
        ref={canvas}
        aria-label="Zone de signature"
        onPointerDown={(e) => {
          drawing.current = true;
          e.currentTarget.setPointerCapture(e.pointerId);
          const [x, y] = point(e);
          ctx().beginPath();
          ctx().moveTo(x, y);
        }}
        onPointerMove={(e) => {
          if (!drawing.current) return;
          const [x, y] = point(e);
          ctx().lineTo(x, y);
          ctx().stroke();
          setVide(false);
        }}
        onPointerUp={() => {
          drawing.current = false;
        }}
      />
      <button
        type="button"
        className="ch-link"
        onClick={() => {
          const c = canvas.current!;
          ctx().clearRect(0, 0, c.width, c.height);
          setVide(true);
        }}
      >
        Effacer
      </button>
    </div>
  );
});
