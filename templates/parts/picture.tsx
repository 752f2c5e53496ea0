import { pictureOf } from '../../src/images/picture.js';
import type { PageProps } from '../../src/model/page-props.js';

interface PictureProps {
  props: PageProps;
  /** Site path of the image (/images/x.png). */
  src: string;
  alt: string;
  /** lead: the page's main image, fetched first; eager: in the first screen; lazy: below it. */
  placement: 'lead' | 'eager' | 'lazy';
  className?: string;
}

/** A site image as <picture> (avif and webp at 1x and 2x) with its size; Markdown images get the same markup. */
export function Picture({ props, src, alt, placement, className }: PictureProps) {
  const { sources, img } = pictureOf(src, props.images.get(src), placement);
  // React 19 knows fetchPriority and writes it as the HTML attribute fetchpriority, as Markdown images have it.
  const image = <img className={className} alt={alt} {...img} />;
  if (!sources.length) return image;
  return (
    <picture>
      {sources.map((s) => <source key={s.type} type={s.type} srcSet={s.srcSet} />)}
      {image}
    </picture>
  );
}
