public enum JobsModule {}
