// Loaded with --import into a child process whose memory a test measures: on exit, writes the process's
// peak resident set size (KiB, as getrusage gives it) to stderr as "maxRSS <n>".
process.on("exit", () => process.stderr.write(`\nmaxRSS ${process.resourceUsage().maxRSS}\n`));
