/** The shell feature's public entry: the signed-in frame around every screen. */
export { AppShell } from './app-shell';
