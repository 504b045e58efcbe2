/** The Telegram feature's public entry: the card that links an account to the bot. */
export { TelegramIntegrationCard } from './telegram-integration-card';
