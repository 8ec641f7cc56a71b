public enum UploadModule {}
