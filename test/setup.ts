import 'reflect-metadata';

// The suite decides debug per app; an API_DEBUG in the developer's shell must not change results.
delete process.env.API_DEBUG;
