// Phrases the help of several command folders shares.

export const DEVICE_KEY = 'uses --appkey, CHATBOT_APPKEY or the current device';
