// emulator trigger location: the definition.
import { defineCommand } from '../../../command.js';
import { flag } from '../../../flags.js';
import { FROM, ORIGIN } from './origin.js';

export const triggerLocationCommand = defineCommand({
  name: 'location',
  description: 'A contact shares a location with the device',
  flags: {
    ...ORIGIN,
    lat: flag.text('degrees', 'latitude, -90 to 90', { required: true }),
    lng: flag.text('degrees', 'longitude, -180 to 180', { required: true }),
    message: flag.text('text', 'text sent with the location', { short: 'm' }),
  },
  examples: [`chatbot emulator trigger location ${FROM} --lat -8.0476 --lng -34.877`],
});
