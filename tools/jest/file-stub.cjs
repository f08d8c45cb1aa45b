// Static files imported by components resolve to their name in tests.
module.exports = 'test-file-stub';
