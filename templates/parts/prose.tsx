/** Sanitised HTML from Markdown (rehype-sanitize ran in the parse stage). */
export function Prose({ html }: { html: string }) {
  return <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />;
}
