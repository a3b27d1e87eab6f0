test:
