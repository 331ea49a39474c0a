import type { TracePointOut } from '@yams/shared';
import { useEffect, useState } from 'react';

/** Replay speeds: how many seconds of the track one second of replay shows. */
export const REPLAY_SPEEDS = [60, 300, 1200] as const;
const TICK_MS = 100;

const time = (p: TracePointOut) => new Date(p.heure).getTime();

/**
 * A track's replay: the index of the point shown, play/pause, and the speed. Playing runs a clock at
 * `speed` × real time from the point shown and shows the last point it reached, so a stop stays on screen
 * as long as it lasted (divided by the speed); the end pauses. A new track starts over at its first point.
 */
export function useReplay(points: TracePointOut[]) {
  const [index, setIndex] = useState(0);
  // Where the running clock started (play, seek, speed change restart it from the point shown).
  const [from, setFrom] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeedState] = useState<number>(REPLAY_SPEEDS[1]);

  // A new track starts over (state adjusted during render, React's pattern for a changed prop).
  const [track, setTrack] = useState(points);
  if (track !== points) {
    setTrack(points);
    setIndex(0);
    setFrom(0);
    setPlaying(false);
  }

  useEffect(() => {
    if (!playing || points.length < 2) return;
    let clock = time(points[from] ?? points[0]!);
    let i = from;
    const timer = setInterval(() => {
      clock += TICK_MS * speed;
      while (i < points.length - 1 && time(points[i + 1]!) <= clock) i++;
      setIndex(i);
      if (i >= points.length - 1) setPlaying(false);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [playing, speed, points, from]);

  const toggle = () => {
    const start = index >= points.length - 1 ? 0 : index;
    setIndex(start);
    setFrom(start);
    setPlaying((p) => !p);
  };
  const seek = (i: number) => {
    const next = Math.max(0, Math.min(points.length - 1, i));
    setIndex(next);
    setFrom(next);
  };
  const setSpeed = (s: number) => {
    setFrom(index);
    setSpeedState(s);
  };
  return { index, playing, speed, setSpeed, toggle, seek, point: points[index] ?? null };
}
