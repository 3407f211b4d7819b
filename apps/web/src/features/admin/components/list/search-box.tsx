import { useEffect, useId, useRef, useState } from 'react';
import { Search, X } from 'lucide-react';
import { Input } from '@/components/ui/input';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/**
 * A search field that reports its trimmed text once typing pauses (300 ms), with a Clear button.
 * value is the search in effect (the URL); when it changes from outside (back/forward) the field follows.
 */
export function SearchBox({
  value,
  onSearch,
  placeholder,
  label,
}: {
  value: string;
  onSearch: (search: string) => void;
  placeholder: string;
  label: string;
}) {
  const id = useId();
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text.trim());
  const previous = useRef(debounced);

  // The URL moved on its own (not to what this box last settled on): show what is in effect.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== debounced) setText(value);
  }

  // Report only when the settled text itself changes (not when onSearch or the URL does).
  useEffect(() => {
    if (debounced === previous.current) return;
    previous.current = debounced;
    onSearch(debounced);
  }, [debounced, onSearch]);

  const clear = () => {
    setText('');
    onSearch('');
  };

  return (
    <div className="relative w-full sm:max-w-xs">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <Input
        id={id}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => e.key === 'Escape' && text && (e.preventDefault(), clear())}
        placeholder={placeholder}
        className="pl-9 pr-20 [&::-webkit-search-cancel-button]:hidden"
        autoComplete="off"
      />
      {text ? (
        <button
          type="button"
          onClick={clear}
          className="absolute right-1.5 top-1/2 inline-flex -translate-y-1/2 items-center gap-1 rounded-md px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
        >
          <X className="size-3.5" aria-hidden /> Clear
        </button>
      ) : null}
    </div>
  );
}
