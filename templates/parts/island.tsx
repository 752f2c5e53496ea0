import type { ComponentType } from 'react';
import type { IslandLoad, IslandName } from '../../client/islands/island-names.js';

/**
 * Server side of an island: the component rendered to HTML (readable without JavaScript) inside a
 * wrapper that tells the client runtime which component to hydrate it with, its props, and when to
 * load it. `display: contents` keeps the wrapper out of layout.
 */
export function Island<P extends object>({ name, component: Component, props, load = 'idle' }: {
  name: IslandName;
  component: ComponentType<P>;
  props: P;
  load?: IslandLoad;
}) {
  return (
    <div className="island" data-island={name} data-load={load} data-props={JSON.stringify(props)}>
      <Component {...props} />
    </div>
  );
}
