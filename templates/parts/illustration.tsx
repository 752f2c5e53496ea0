import { illustrationAltKey, illustrationPath } from '../../src/model/data-tables.js';
import type { PageProps } from '../../src/model/page-props.js';
import { Picture } from './picture.js';

/**
 * A product illustration (the profile list, fingerprint settings, team roles, the synchronizer…):
 * SVG artwork with no words in it, so one file serves every locale, and an alt text in the page's
 * language. Sized from the file like any site image, so it takes its box before it loads.
 */
export function Illustration({ props, name, placement, className }: { props: PageProps; name: string; placement: 'lead' | 'eager' | 'lazy'; className?: string }) {
  return <Picture props={props} src={illustrationPath(name)} alt={props.t(illustrationAltKey(name))} placement={placement} className={className} />;
}
