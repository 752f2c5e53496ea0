/** What a service needs of the loading bar of spec §2: start, then finish or error. */
export interface LoadingBar {
  start(): void;
  finish(): void;
  error(): void;
}
