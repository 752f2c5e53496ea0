import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLoading } from '../../../../client/widgets/loading.js';
import type { LoadingState } from '../../../../client/widgets/loading-bar.js';

describe('createLoading', () => {
  let render: ReturnType<typeof vi.fn<(state: LoadingState | null) => void>>;

  beforeEach(() => {
    vi.useFakeTimers();
    render = vi.fn<(state: LoadingState | null) => void>();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows nothing for a load that finishes within 200 ms', () => {
    const loading = createLoading(render);
    loading.start();
    vi.advanceTimersByTime(199);
    loading.finish();
    vi.advanceTimersByTime(5000);
    expect(render).not.toHaveBeenCalled();
  });

  it('shows nothing for a load that fails within 200 ms', () => {
    const loading = createLoading(render);
    loading.start();
    vi.advanceTimersByTime(150);
    loading.error();
    vi.advanceTimersByTime(5000);
    expect(render).not.toHaveBeenCalled();
  });

  it('shows the bar once a load has lasted 200 ms, not before', () => {
    const loading = createLoading(render);
    loading.start();
    vi.advanceTimersByTime(199);
    expect(render).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(render.mock.calls).toEqual([['loading']]);
  });

  it('completes the bar on finish and removes it 300 ms later', () => {
    const loading = createLoading(render);
    loading.start();
    vi.advanceTimersByTime(200);
    loading.finish();
    expect(render.mock.calls).toEqual([['loading'], ['done']]);
    vi.advanceTimersByTime(299);
    expect(render).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1);
    expect(render.mock.calls).toEqual([['loading'], ['done'], [null]]);
  });

  it('turns the bar to error on error, then removes it', () => {
    const loading = createLoading(render);
    loading.start();
    vi.advanceTimersByTime(500);
    loading.error();
    expect(render).toHaveBeenLastCalledWith('error');
    vi.advanceTimersByTime(300);
    expect(render.mock.calls).toEqual([['loading'], ['error'], [null]]);
  });

  it('does not restart the throttle when start is called again during a load', () => {
    const loading = createLoading(render);
    loading.start();
    vi.advanceTimersByTime(150);
    loading.start();
    vi.advanceTimersByTime(50);
    expect(render.mock.calls).toEqual([['loading']]);
    loading.start();
    vi.advanceTimersByTime(1000);
    expect(render.mock.calls).toEqual([['loading']]);
  });

  it('does nothing on finish without a start', () => {
    const loading = createLoading(render);
    loading.finish();
    loading.error();
    vi.advanceTimersByTime(1000);
    expect(render).not.toHaveBeenCalled();
  });

  it('can show the bar again for a later load', () => {
    const loading = createLoading(render);
    loading.start();
    vi.advanceTimersByTime(200);
    loading.finish();
    vi.advanceTimersByTime(300);
    render.mockClear();
    loading.start();
    vi.advanceTimersByTime(200);
    expect(render.mock.calls).toEqual([['loading']]);
  });
});
