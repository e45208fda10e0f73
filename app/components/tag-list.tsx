/** A project's tags as small pills, each in its own direction (on its card and its case study). */
export function TagList({ tags }: { tags: string[] }) {
  return (
    <ul className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li
          key={tag}
          dir="auto"
          className="rounded-full bg-accent px-3 py-1 text-xs font-medium text-primary"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}
