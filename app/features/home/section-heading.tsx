export function SectionHeading({ title, subtitle, id }: { title: string; subtitle?: string; id?: string }) {
  return (
    <div className="mb-10 flex flex-col items-center gap-3 text-center">
      <h2 id={id} className="text-3xl font-bold tracking-tight">
        {title}
      </h2>
      {subtitle ? <p className="max-w-2xl text-lg text-muted-foreground">{subtitle}</p> : null}
    </div>
  );
}
