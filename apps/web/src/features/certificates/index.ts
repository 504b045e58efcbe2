/** The certificates feature's public entry: the download button (course player, enrolment, progress) and the verify screen. */
export { CertificateButton } from './certificate-button';
