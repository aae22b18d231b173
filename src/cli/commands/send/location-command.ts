// send location: the definition.
import { defineCommand } from '../../command.js';
import { flag } from '../../flags.js';
import { to } from './flags.js';

export const sendLocationCommand = defineCommand({
  name: 'location',
  description: 'Send a location by latitude and longitude',
  flags: {
    to,
    lat: flag.text('latitude', 'latitude in decimal degrees, -90 to 90'),
    lng: flag.text('longitude', 'longitude in decimal degrees, -180 to 180'),
    message: flag.text('text', 'text sent with the location; - reads stdin', { short: 'm' }),
  },
  examples: ['chatbot send location --to +5581989769960 --lat -8.0476 --lng -34.8770 --message "Marco Zero"'],
});
