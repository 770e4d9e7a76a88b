/** The key that seals the tests' stored secrets (SECRETS_KEY; 32 bytes in hex): the same in every test process, so what one seals another opens. */
export const TEST_SECRETS_KEY = '5ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7e75ec7';
