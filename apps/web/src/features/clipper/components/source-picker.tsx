import { Link2, Upload } from 'lucide-react';
import { ChoiceCards, type Choice } from './choice-cards';

export type SourceKind = 'upload' | 'youtube';

const SOURCES: readonly Choice<SourceKind>[] = [
  {
    value: 'upload',
    label: 'Upload Video File',
    description: 'MP4, MPEG, MOV, MKV or WebM, up to about 2 hours.',
    icon: <Upload className="size-5" aria-hidden />,
  },
  {
    value: 'youtube',
    label: 'YouTube URL',
    description: 'A public video link, up to 60 minutes.',
    icon: <Link2 className="size-5" aria-hidden />,
  },
];

/** The two source choices as radio cards: upload a file, or a YouTube URL. */
export function SourcePicker({ value, onChange }: { value: SourceKind; onChange: (value: SourceKind) => void }) {
  return <ChoiceCards legend="Video source" choices={SOURCES} value={value} onChange={onChange} className="sm:grid-cols-2" />;
}
