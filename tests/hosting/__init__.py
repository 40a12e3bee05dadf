"""Hosted mode: `batallas --hosted` behind a real OpenSSH server."""
