// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { IMAGE_PLACEHOLDER, startImagePlaceholders } from '../../../../client/widgets/image-placeholder.js';

const PICTURE = '<picture><source type="image/avif" srcset="/a@1x.avif 1x"><source type="image/webp" srcset="/a@1x.webp 1x"><img id="a" src="/a.png" alt="A" width="400" height="300"></picture>';

describe('image placeholder (spec §8)', () => {
  beforeEach(() => {
    document.body.innerHTML = `${PICTURE}<img id="b" src="/b.svg" alt="B" width="20" height="10">`;
    // happy-dom loads no images: say what a browser would, both loaded fine.
    for (const img of document.querySelectorAll('img')) {
      Object.defineProperties(img, { complete: { value: true, configurable: true }, naturalWidth: { value: 20, configurable: true }, naturalHeight: { value: 10, configurable: true } });
    }
  });

  it('replaces an image that fails to load with the placeholder, in the box the page laid out', () => {
    startImagePlaceholders(document);
    const img = document.getElementById('a') as HTMLImageElement;
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe(IMAGE_PLACEHOLDER);
    expect(img.hasAttribute('data-failed')).toBe(true);
    expect(img.style.aspectRatio).toBe('400 / 300');
    // The browser would otherwise pick a <source> again and never show the placeholder.
    expect(document.querySelectorAll('source')).toHaveLength(0);
    expect((document.getElementById('b') as HTMLImageElement).getAttribute('src')).toBe('/b.svg');
  });

  it('also catches images that failed before the script ran, and not lazy ones still waiting', () => {
    const failed = document.getElementById('b') as HTMLImageElement;
    Object.defineProperties(failed, { naturalWidth: { value: 0 }, naturalHeight: { value: 0 } });
    const waiting = document.getElementById('a') as HTMLImageElement;
    Object.defineProperties(waiting, { complete: { value: false }, naturalWidth: { value: 0 }, naturalHeight: { value: 0 } });
    startImagePlaceholders(document);
    expect(failed.getAttribute('src')).toBe(IMAGE_PLACEHOLDER);
    expect(waiting.getAttribute('src')).toBe('/a.png');
  });

  it('never loops when the placeholder itself reports an error', () => {
    startImagePlaceholders(document);
    const img = document.getElementById('a') as HTMLImageElement;
    img.dispatchEvent(new Event('error'));
    img.setAttribute('src', '/other.png');
    img.dispatchEvent(new Event('error'));
    expect(img.getAttribute('src')).toBe('/other.png');
  });
});
