/** An inline loading state for a section that is fetching. */
export function Spinner({ text = '加载中...' }: { text?: string }) {
  return (
    <div className="pk-inline-loading" role="status">
      <span className="pk-spinner pk-spinner--dark" />
      <span>{text}</span>
    </div>
  );
}
