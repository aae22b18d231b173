// What a real request needs from undici, behind one module that request.ts imports only when it sends.
export { getGlobalDispatcher } from 'undici';
