// Filled by the channel-connection work (issue 4): /api/social/*.
export {};
