// Phrases the emulator commands' help shares.

export const FOR_DEVICE = 'for the device of --appkey, CHATBOT_APPKEY or the current device';
