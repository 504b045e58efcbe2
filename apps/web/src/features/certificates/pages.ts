/** The public certificate screens, loaded as one chunk the first time a route shows one. */
export { CertificateVerifyPage } from './certificate-verify-page';
