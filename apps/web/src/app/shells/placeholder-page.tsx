/** Until an area's pages are built, each route shows its heading. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <div>
      <h1 className="text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
    </div>
  );
}
