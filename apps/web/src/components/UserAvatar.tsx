import { Avatar } from 'antd';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : (parts[0]?.slice(0, 2) ?? '?');
  return letters.toUpperCase();
}

/** A user's photo, or their initials on the brand colour. */
export function UserAvatar({
  name,
  photo,
  size = 32,
}: {
  name: string;
  photo?: string | null;
  size?: number;
}) {
  return (
    <Avatar size={size} src={photo || undefined} style={{ background: '#0b5cab', flex: 'none' }} alt="">
      {initials(name)}
    </Avatar>
  );
}
