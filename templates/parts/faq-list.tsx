import type { FaqEntry } from '../../src/model/data-tables.js';

/** Questions that open in place (no script): the FAQ page's and the pricing page's. The first starts open. */
export function FaqList({ items }: { items: readonly FaqEntry[] }) {
  return (
    <div className="faq-list">
      {items.map((item, i) => (
        <details key={i} className="faq-item" open={i === 0}>
          <summary>{item.q}</summary>
          <p>{item.a}</p>
        </details>
      ))}
    </div>
  );
}
