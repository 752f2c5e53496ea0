import { SOCIAL_IMAGE, type SocialImage } from '../../src/model/social-image.js';

/**
 * The head's share-image tags: Open Graph's image with its size, type and alt text, and X's large
 * card. A page without a social image (the 404 and 502 pages, the icon sprite: none is indexable)
 * gets X's small card and no image.
 */
export function SocialImageMeta({ image }: { image?: SocialImage }) {
  if (!image) return <meta name="twitter:card" content="summary" />;
  return (
    <>
      <meta property="og:image" content={image.url} />
      <meta property="og:image:type" content={SOCIAL_IMAGE.type} />
      <meta property="og:image:width" content={String(SOCIAL_IMAGE.width)} />
      <meta property="og:image:height" content={String(SOCIAL_IMAGE.height)} />
      <meta property="og:image:alt" content={image.alt} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:image:alt" content={image.alt} />
    </>
  );
}
