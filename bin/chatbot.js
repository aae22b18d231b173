#!/usr/bin/env node
import '../dist/chatbot.js';
